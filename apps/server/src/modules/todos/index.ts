/** The todos module's face: all that code outside it may import (modules/README.md). */
export { createAssignedTodos, createMentionTodos, type TodoTarget } from './todo-creation';
export { presentTodos } from './todos.presenter';
export { findTodo, markForLater, markTargetTodosDone, markTodoDone, pendingTodosOn } from './todos.service';
