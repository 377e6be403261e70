import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { labelKeys } from '../features/labels/queries';
import { apiGet, apiPath, encodeId } from './api';
import type { LabelDetail } from './types';

const LabelColorsContext = createContext<ReadonlyMap<string, LabelDetail>>(new Map());

/** Colours for labels that an API sent as bare names (single epics, child lists), by name. */
export function useLabelColors(): ReadonlyMap<string, LabelDetail> {
  return useContext(LabelColorsContext);
}

/** Loads the labels visible in a group or project (ancestors included) and shares them by name. */
export function LabelColorsProvider({
  kind,
  fullPath,
  children,
}: {
  kind: 'group' | 'project';
  fullPath: string;
  children: ReactNode;
}) {
  const query = useQuery({
    queryKey: labelKeys.colors(kind, fullPath),
    queryFn: ({ signal }) =>
      apiGet<LabelDetail[]>(
        apiPath(`/${kind === 'group' ? 'groups' : 'projects'}/${encodeId(fullPath)}/labels`, {
          include_ancestor_groups: true,
          per_page: 100,
        }),
        signal,
      ),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const map = useMemo(() => new Map((query.data ?? []).map((label) => [label.name, label])), [query.data]);
  return <LabelColorsContext.Provider value={map}>{children}</LabelColorsContext.Provider>;
}
