export {
  type Creator,
  isProjectCreationLevel,
  isSubgroupCreationLevel,
  mayCreateProject,
  mayCreateSubgroup,
  PROJECT_CREATION_LEVELS,
  type ProjectCreationLevel,
  SUBGROUP_CREATION_LEVELS,
  type SubgroupCreationLevel,
} from './creation-levels';
