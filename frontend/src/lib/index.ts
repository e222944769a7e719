export { useResource, type Resource } from './useResource';
export { useSubmit, type Submit } from './useSubmit';
