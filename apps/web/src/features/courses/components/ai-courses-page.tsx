import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /AICourses */
export function AiCoursesPage() {
  return <PlaceholderPage title="AI Courses" subtitle="Practise with an AI guide between your live sessions." icon="sparkles" />;
}
