import { Hero, HowItWorks, PlansTeaser, VerticalSections } from './landing-sections';
import { lazy, Suspense } from 'react';

// Banners load with their schema in a small chunk of their own (they are optional decoration).
const PromoBanners = lazy(() => import('./promo-banners'));

/** `/`: hero, the programmes, how it works and the plans teaser (header/footer come from the public layout). */
export function LandingPage() {
  return (
    <>
      <Suspense fallback={null}>
        <PromoBanners />
      </Suspense>
      <Hero />
      <VerticalSections />
      <HowItWorks />
      <PlansTeaser />
    </>
  );
}
