import { Outlet, useParams } from 'react-router';
import { isKidSubjectSlug } from '../../features/kids/components/kid-subjects';
import { NotFoundPage } from '../not-found';

/** /kids/{subject}/…: only the kids' subjects (english, financial-education) exist; anything else is a 404. */
export function RequireKidSubject() {
  const { subject } = useParams();
  return isKidSubjectSlug(subject) ? <Outlet /> : <NotFoundPage />;
}
