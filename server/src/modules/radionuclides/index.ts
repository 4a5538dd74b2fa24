/** The radionuclides: a configuration entity, loaded by its registry key. */
// The config-resources loader imports the default export by the registry key.
export { default } from './resource.ts';
