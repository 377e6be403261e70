/** Who is making a request. `null` everywhere means an anonymous visitor. */
export interface Actor {
  id: number;
  username: string;
  admin: boolean;
  /** Token scopes ('api', 'read_api', …); null for a browser session, which has every scope. */
  scopes: string[] | null;
  /** Memberships, loaded once per request; policy decisions are pure functions over them. */
  groupMemberships: GroupMembership[];
  projectMemberships: ProjectMembership[];
}

export interface GroupMembership {
  groupId: number;
  /** The group's traversal_ids (ancestors then itself). */
  traversalIds: number[];
  accessLevel: number;
}

export interface ProjectMembership {
  projectId: number;
  /** traversal_ids of the project's namespace. */
  namespaceTraversalIds: number[];
  accessLevel: number;
}
