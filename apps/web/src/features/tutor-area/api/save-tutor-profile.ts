import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tutorProfileResponse, type TutorProfile, type TutorProfilePayload } from '@parley/domain/tutor-profile';
import { meQueryOptions } from '../../../shared/api/get-current-user';
import { http } from '../../../shared/lib/http';
import { availabilityQueryOptions } from './get-availability';
import { tutorProfileQueryOptions } from './get-tutor-profile';

// PUT /api/teacher/profile { bio, tags, country, timezone } → the saved profile.
export function saveTutorProfile(payload: TutorProfilePayload): Promise<TutorProfile> {
  return http.put('/api/teacher/profile', payload, { role: 'teacher', actAs: 'teacher', parse: (data) => tutorProfileResponse.parse(data) });
}

export function useSaveTutorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTutorProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(tutorProfileQueryOptions().queryKey, saved);
      // The time zone may have moved: the record (which the session lists read it from) and the availability editor.
      void queryClient.invalidateQueries({ queryKey: meQueryOptions('teacher').queryKey });
      void queryClient.invalidateQueries({ queryKey: availabilityQueryOptions().queryKey });
    },
  });
}
