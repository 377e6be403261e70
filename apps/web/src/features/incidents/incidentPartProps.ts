/** What each part of an incident's page (sidebar fields, metric images, timeline) is given: the incident and whether the viewer may change that part. */
export interface IncidentPartProps {
  projectPath: string;
  iid: number;
  canEdit: boolean;
}
