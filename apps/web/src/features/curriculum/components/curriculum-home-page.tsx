import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /curriculumNew */
export function CurriculumHomePage() {
  return <PlaceholderPage title="Curriculum" subtitle="Your learning path, topic by topic." emptyTitle="Your curriculum will appear here" emptyBody="Topics and levels unlock as you complete sessions." icon="compass" />;
}
