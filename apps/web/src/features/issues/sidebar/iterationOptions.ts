import { graphql } from '../../../graphql/graphql';
import { graphqlRequest } from '../../../graphql/request';
import type { PickerOption } from '../../shared/sidebar/sidebarOptions';
import { iterationText } from '../../shared/sidebar/sidebarOptions';

// GraphQL, because the picker groups iterations under their cadence's title (IE §2.1 sidebar).
export const ISSUE_ITERATION_OPTIONS = graphql(`
  query issueIterationOptions($fullPath: ID!, $search: String) {
    project(fullPath: $fullPath) {
      id
      iterations(state: opened, search: $search, first: 100) {
        nodes { id title startDate dueDate iterationCadence { id title } }
      }
    }
  }
`);

const day = (time: unknown) => (typeof time === 'string' ? time.slice(0, 10) : null);

/** The project's open iterations (its groups' cadences), grouped by cadence, the current one first. */
export async function iterationOptions(projectPath: string, search: string, signal: AbortSignal) {
  const data = await graphqlRequest(ISSUE_ITERATION_OPTIONS, { fullPath: projectPath, search: search || null }, signal);
  const nodes = [...(data.project?.iterations?.nodes ?? [])].sort((a, b) =>
    String(a?.startDate ?? '').localeCompare(String(b?.startDate ?? '')),
  );
  return nodes.flatMap((it): PickerOption[] => {
    const id = it?.id?.split('/').pop();
    if (!it || !id) return [];
    const dates = { start_date: day(it.startDate), due_date: day(it.dueDate) };
    return [
      {
        id,
        text: iterationText({ title: it.title, ...dates }),
        secondary: it.title ? `${dates.start_date} – ${dates.due_date}` : undefined,
        group: it.iterationCadence?.title ?? 'Iterations',
      },
    ];
  });
}
