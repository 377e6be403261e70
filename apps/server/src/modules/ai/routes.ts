/** The ai module's transport face: the routes the app registers (modules/README.md). */
export { aiExperimentationRoutes, tanukiBotRoutes } from './ai.rest';
export { issueAiRoutes } from './issue-ai.rest';
