import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /learner/certificates */
export function CertificatesPage() {
  return <PlaceholderPage title="Certificates" subtitle="Earned as you finish curriculum levels." icon="award" />;
}
