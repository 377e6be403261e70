/** A `<select>`'s options, one per `[value, text]` pair, in their order. */
export function SelectOptions({ choices }: { choices: readonly (readonly [value: string, text: string])[] }) {
  return choices.map(([value, text]) => (
    <option key={value} value={value}>
      {text}
    </option>
  ));
}
