import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { ApiError, apiGet, request, setCsrfToken } from './api';
import type { CurrentUser, Session } from './types';

interface SessionValue {
  user: CurrentUser | null;
  isLoading: boolean;
  signIn: (login: string, password: string) => Promise<CurrentUser>;
  signUp: (input: { username: string; name: string; email: string; password: string }) => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export const sessionKey = ['session'] as const;

async function fetchSession(): Promise<Session> {
  try {
    const session = await apiGet<Session>('/-/session');
    setCsrfToken(session.csrf_token ?? null);
    return { user: session.user ?? null, csrf_token: session.csrf_token ?? null };
  } catch (error) {
    // An older server without the session endpoint: treat the visitor as anonymous.
    if (error instanceof ApiError && error.status === 404) return { user: null, csrf_token: null };
    throw error;
  }
}

/** Holds the signed-in user (or null) and the CSRF token every write sends. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000, retry: 1 });

  const signInMutation = useMutation({
    mutationFn: async (input: { login: string; password: string }) =>
      (await request<Session>('/users/sign_in', { method: 'POST', body: input })).data,
  });
  const signUpMutation = useMutation({
    mutationFn: async (input: { username: string; name: string; email: string; password: string }) =>
      (await request<Partial<Session>>('/users/sign_up', { method: 'POST', body: input })).data,
  });

  const value = useMemo<SessionValue>(
    () => ({
      user: query.data?.user ?? null,
      isLoading: query.isLoading,
      signIn: async (login, password) => {
        const session = await signInMutation.mutateAsync({ login, password });
        setCsrfToken(session.csrf_token ?? null);
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
        queryClient.setQueryData(sessionKey, { user: session.user, csrf_token: session.csrf_token });
        if (!session.user) throw new ApiError(401, 'Invalid login or password.');
        return session.user;
      },
      signUp: async (input) => {
        const result = await signUpMutation.mutateAsync(input);
        if (result?.csrf_token) setCsrfToken(result.csrf_token);
        queryClient.removeQueries();
        await queryClient.fetchQuery({ queryKey: sessionKey, queryFn: fetchSession });
      },
      signOut: async () => {
        await request<null>('/users/sign_out', { method: 'POST' });
        setCsrfToken(null);
        queryClient.removeQueries();
        await queryClient.fetchQuery({ queryKey: sessionKey, queryFn: fetchSession });
      },
    }),
    [query.data, query.isLoading, queryClient, signInMutation, signUpMutation],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
