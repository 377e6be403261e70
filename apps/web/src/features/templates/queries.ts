import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPath } from '../../lib/api';
import type { Group } from '../../lib/types';
import {
  createTemplate,
  deleteTemplate,
  fetchTemplate,
  listTemplates,
  type TemplateInput,
  type TemplateOwner,
  type TemplateType,
  updateTemplate,
} from './templatesApi';

export const templateKeys = {
  all: ['templates'] as const,
  list: (owner: TemplateOwner, type: TemplateType) => ['templates', owner.kind, owner.fullPath, type] as const,
  one: (owner: TemplateOwner, type: TemplateType, name: string) =>
    ['templates', owner.kind, owner.fullPath, type, 'one', name] as const,
  // Outside `all`: a template change does not change the group's name.
  groupById: (id: number) => ['template-groups', id] as const,
};

export function useTemplates(owner: TemplateOwner, type: TemplateType) {
  return useQuery({
    queryKey: templateKeys.list(owner, type),
    queryFn: ({ signal }) => listTemplates(owner, type, signal),
  });
}

/** One template with its content (the edit form's starting point). */
export function useTemplate(owner: TemplateOwner, type: TemplateType, name: string) {
  return useQuery({
    queryKey: templateKeys.one(owner, type, name),
    queryFn: ({ signal }) => fetchTemplate(owner, type, name, signal),
    staleTime: 0,
  });
}

/** The group an inherited template lives in, for its name and link. */
export function useTemplateGroup(id: number) {
  return useQuery({
    queryKey: templateKeys.groupById(id),
    queryFn: ({ signal }) => apiGet<Group>(apiPath(`/groups/${id}`, { with_projects: false }), signal),
    staleTime: 60_000,
  });
}

/**
 * Templates changed: every list of them (a group's reach its subgroups and projects), the new item
 * pages' pickers among them, loads again.
 */
function useTemplatesChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: templateKeys.all });
}

export function useCreateTemplate(owner: TemplateOwner, type: TemplateType) {
  const changed = useTemplatesChanged();
  return useMutation({
    mutationFn: (input: TemplateInput) => createTemplate(owner, type, input),
    onSuccess: changed,
  });
}

export function useUpdateTemplate(owner: TemplateOwner, type: TemplateType, name: string) {
  const changed = useTemplatesChanged();
  return useMutation({
    mutationFn: (input: TemplateInput) => updateTemplate(owner, type, name, input),
    onSuccess: changed,
  });
}

export function useDeleteTemplate(owner: TemplateOwner, type: TemplateType) {
  const changed = useTemplatesChanged();
  return useMutation({
    mutationFn: (name: string) => deleteTemplate(owner, type, name),
    onSuccess: changed,
  });
}
