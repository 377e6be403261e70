/** GitLab's LdapGroup entity. */
export const presentLdapGroup = (cn: string) => ({ cn });

/** GitLab's LdapGroupLink entity (`filter` and `member_role_id` as a Premium instance answers them). */
export function presentLdapGroupLink(row: { cn: string; group_access: number; provider: string }) {
  return { cn: row.cn, group_access: row.group_access, provider: row.provider, filter: null, member_role_id: null };
}
