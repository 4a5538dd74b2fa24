/** A study's API keys: issuing and revoking the keys machine clients call the API with. */
export { apiKeyRoutes } from './routes.ts';
