/** The projects module's face: all that code outside it may import (modules/README.md). */
export { projectListParams } from './project-list-params';
export { presentProject } from './projects.presenter';
export { listProjects } from './projects-list.service';
