import { Link } from 'react-router';
import type { KidSubjectAction } from '../lib/subject-action';
import type { KidSubjectInfo } from './kid-subjects';

/** 'Book a class' while the kid can book the subject, otherwise 'Buy sessions'. */
export function SubjectActionLink({ action, subject, size = 'btn-sm' }: { action: KidSubjectAction; subject: KidSubjectInfo; size?: 'btn-sm' | 'btn-md' }) {
  return action === 'book' ? (
    <Link to={`/kids/book-a-session?subject=${subject.slug}`} className={`btn btn-primary ${size}`} aria-label={`Book a class: ${subject.label}`}>
      Book a class
    </Link>
  ) : (
    <Link to={`/kids/${subject.slug}/buy-sessions`} className={`btn btn-secondary ${size}`} aria-label={`Buy sessions: ${subject.label}`}>
      Buy sessions
    </Link>
  );
}
