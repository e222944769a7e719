export { useResource, type Resource } from './useResource';
export { useSubmit, useSubmitEach, type Submit, type SubmitEach } from './useSubmit';
