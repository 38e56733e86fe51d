import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ScheduleResponse, TeacherCard } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { tutorsKey, type TutorViewer } from '../lib/tutor-viewer';
import { tutorSchedulesKey } from './get-schedule';

// PUT /api/teachers/:id/favourite { favourite } → { isFavourite } (a kid's favourites are its own).
const favouriteResponse = z.object({ isFavourite: z.boolean() });

type FavouriteInput = { teacherId: string; favourite: boolean };

export function setFavourite(as: TutorViewer['as'], { teacherId, favourite }: FavouriteInput): Promise<boolean> {
  return http.put(`/api/teachers/${encodeURIComponent(teacherId)}/favourite`, { favourite }, {
    role: as,
    actAs: as,
    parse: (data) => favouriteResponse.parse(data).isFavourite,
  });
}

export function useSetFavourite(viewer: Pick<TutorViewer, 'as' | 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FavouriteInput) => setFavourite(viewer.as, input),
    onSuccess: (isFavourite, { teacherId }) => markFavourite(queryClient, viewer, teacherId, isFavourite),
    onError: (error) => notify.failure(error),
  });
}

/** Writes the answer into this viewer's cached lists and the tutor's schedules: no refetch needed. */
function markFavourite(queryClient: QueryClient, viewer: Pick<TutorViewer, 'as' | 'id'>, teacherId: string, isFavourite: boolean) {
  const patch = (tutor: TeacherCard) => (tutor._id === teacherId ? { ...tutor, isFavourite } : tutor);
  queryClient.setQueriesData<TeacherCard[]>({ queryKey: [...tutorsKey(viewer), 'list'] }, (list) => list?.map(patch));
  queryClient.setQueriesData<ScheduleResponse>({ queryKey: tutorSchedulesKey(viewer, teacherId) }, (schedule) =>
    schedule ? { ...schedule, teacher: patch(schedule.teacher) } : schedule,
  );
}
