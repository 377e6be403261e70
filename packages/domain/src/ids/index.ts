export { isInt4Id, MAX_INT4, MIN_INT4 } from './int4';
