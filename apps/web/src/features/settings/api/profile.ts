import {
  profileSchema,
  securityEventsPageSchema,
  type ChangePasswordRequest,
  type CloseAccountRequest,
  type Profile,
  type UpdateProfileRequest,
  type User,
} from '@poisha/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../session';

export const profileQueryKey = ['profile'] as const;
export const securityEventsQueryKey = ['security-events'] as const;

/** The user with any e-mail address waiting for its confirmation link (GET /me/profile). */
export const profileQueryOptions = queryOptions({ queryKey: profileQueryKey, queryFn: () => apiRequest('/me/profile', { schema: profileSchema }) });

export function useProfile() {
  return useQuery(profileQueryOptions);
}

/** A changed profile (name, photo) shows at once everywhere: here and in the navigation's badge. */
function showProfile(queryClient: QueryClient, profile: Profile) {
  queryClient.setQueryData(profileQueryKey, profile);
  const { pendingEmail: _pending, ...user } = profile;
  queryClient.setQueryData<User>(meQueryKey, user);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => apiRequest('/me', { method: 'PATCH', body, schema: profileSchema }),
    onSuccess: (profile) => showProfile(queryClient, profile),
  });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('photo', file);
      return apiRequest('/me/photo', { method: 'PUT', body, schema: profileSchema });
    },
    onSuccess: (profile) => showProfile(queryClient, profile),
  });
}

export function useRemovePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/me/photo', { method: 'DELETE', schema: profileSchema }),
    onSuccess: (profile) => showProfile(queryClient, profile),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => apiRequest('/me/password', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: securityEventsQueryKey }),
  });
}

export function useCloseAccount() {
  return useMutation({ mutationFn: (body: CloseAccountRequest) => apiRequest('/me', { method: 'DELETE', body }) });
}

export function confirmEmail(token: string) {
  return apiRequest('/me/email/confirm', { method: 'POST', body: { token } });
}

export function useSecurityEvents(page: number) {
  return useQuery({
    queryKey: [...securityEventsQueryKey, page],
    queryFn: () => apiRequest(`/me/security-events?page=${page}&pageSize=5`, { schema: securityEventsPageSchema }),
    placeholderData: (previous) => previous,
  });
}
