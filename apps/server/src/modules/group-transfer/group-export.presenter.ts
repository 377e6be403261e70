/** One entry of GitLab's `GET /groups/:id/export_relations/status`. */
export function presentRelationStatus(entry: {
  relation: string;
  status: number;
  error: string | null;
  updatedAt: Date;
}) {
  return {
    relation: entry.relation,
    status: entry.status,
    error: entry.error,
    updated_at: entry.updatedAt.toISOString(),
    batched: false,
    batches_count: 0,
    batches: [],
  };
}
