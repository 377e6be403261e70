/** The todos module's transport face: the routes and plugins the app registers (modules/README.md). */
export { todosRoutes } from './todos.rest';
