/** A group or project named by its numeric id or its full path ('group/sub'), as GitLab's `:id` allows. */
export type IdOrPath = { id: number } | { fullPath: string };
