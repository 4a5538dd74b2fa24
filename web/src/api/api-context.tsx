import { createContext, type ReactNode, useContext } from 'react';
import type { HttpClient } from './http-client.ts';

const ApiContext = createContext<HttpClient | null>(null);

export function ApiProvider({ client, children }: { client: HttpClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The API client of this app (provided once, replaced in tests). */
export function useApi(): HttpClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi needs an ApiProvider');
  return client;
}
