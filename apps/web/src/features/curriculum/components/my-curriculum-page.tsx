import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /learner/my-courses (labelled Curriculum) */
export function MyCurriculumPage() {
  return <PlaceholderPage title="Curriculum" subtitle="The courses that make up your curriculum." icon="compass" />;
}
