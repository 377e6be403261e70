export * from './edit-task-items';
export * from './parse-task-items';
export * from './task-title';
