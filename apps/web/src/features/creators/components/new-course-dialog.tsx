import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { COURSE_TITLE_MAX, courseSubjects, createCoursePayload } from '@parley/domain/courses';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { Modal } from '../../../shared/ui/modal';
import { useCreateCourse } from '../api/create-course';

type NewCourseInput = z.input<typeof createCoursePayload>;
type NewCourse = z.output<typeof createCoursePayload>;

const resolver = zodResolver(createCoursePayload);

/** "New course": a subject and a title make the first draft; the editor opens on it. */
export function NewCourseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="New course">
      {open ? <NewCourseForm onCancel={onClose} /> : null}
    </Modal>
  );
}

function NewCourseForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCourse();
  const formId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewCourseInput, unknown, NewCourse>({ resolver, defaultValues: { subject: 'English', title: '' } });

  const onSubmit = async (values: NewCourse) => {
    try {
      const course = await create.mutateAsync(values);
      notify.success('Course created. Add its details, lessons and prices, then submit it for review.');
      void navigate(`/creators/courses/${course._id}`);
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['subject', 'title'])) notify.failure(error);
    }
  };
  const busy = isSubmitting || create.isPending;

  return (
    <form id={formId} noValidate onSubmit={busy ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="space-y-4">
      <p className="text-sm text-base-content/70">You can change the title later; the subject decides where learners find the course.</p>
      <FormField label="Subject" error={errors.subject?.message}>
        <select className="select w-full" {...register('subject')}>
          {courseSubjects.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Course title" error={errors.title?.message} hint={`Up to ${COURSE_TITLE_MAX} characters.`}>
        <input
          className="input w-full"
          autoComplete="off"
          maxLength={COURSE_TITLE_MAX}
          {...register('title', { setValueAs: (value: unknown) => (typeof value === 'string' ? value.trim() : value) })}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? 'Creating…' : 'Create course'}
        </button>
      </div>
    </form>
  );
}
