import { LabelledInput } from '../shared/LabelledField';

/**
 * Where an importer reads from: the other service's base URL and the secret it is read with (a token,
 * an API key), typed as a password and never autocompleted.
 */
export function SourceConnectionFields({
  id,
  urlLabel,
  placeholder,
  url,
  onUrl,
  secretLabel,
  secret,
  onSecret,
  secretMaxLength,
}: {
  id: string;
  urlLabel: string;
  placeholder: string;
  url: string;
  onUrl: (value: string) => void;
  secretLabel: string;
  secret: string;
  onSecret: (value: string) => void;
  secretMaxLength: number;
}) {
  return (
    <>
      <LabelledInput
        id={`${id}-url`}
        label={urlLabel}
        type="url"
        value={url}
        required
        maxLength={2048}
        placeholder={placeholder}
        onChange={onUrl}
      />
      <LabelledInput
        id={`${id}-secret`}
        label={secretLabel}
        type="password"
        value={secret}
        required
        maxLength={secretMaxLength}
        autoComplete="off"
        onChange={onSecret}
      />
    </>
  );
}
