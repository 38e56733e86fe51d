import { useId, useState } from 'react';
import type { TeacherCard } from '@parley/domain/booking';
import { Drawer } from '../../../shared/ui/drawer';
import { panelId, TabList, tabId } from '../../../shared/ui/tab-list';
import type { BookButtonComponent } from '../lib/book-button';
import type { TutorViewer } from '../lib/tutor-viewer';
import { FavouriteButton } from './favourite-button';
import { ReviewsTab } from './reviews-tab';
import { ScheduleTab } from './schedule-tab';
import { useBookingInFlight } from '../../../shared/ui/booking-overlay';
import { TutorAvatar } from './tutor-avatar';
import { TutorBio } from './tutor-bio';
import { TutorRating } from './tutor-rating';
import { TutorTags } from './tutor-tags';

const tabs = [
  { value: 'Schedule', label: 'Schedule' },
  { value: 'Reviews', label: 'Reviews' },
] as const;
type Tab = (typeof tabs)[number]['value'];

type Props = {
  viewer: TutorViewer;
  tutor: TeacherCard | null;
  onClose: () => void;
  BookButton: BookButtonComponent;
};

/** Explore Tutors right drawer: the tutor, their bio, and the Schedule and Reviews tabs. */
export function TutorDrawer({ viewer, tutor, onClose, BookButton }: Props) {
  const booking = useBookingInFlight();
  return (
    <Drawer open={tutor !== null} onClose={() => !booking && onClose()} title={tutor?.name ?? 'Tutor'} widthPx={460}>
      {tutor ? <TutorDrawerBody key={tutor._id} viewer={viewer} tutor={tutor} BookButton={BookButton} /> : null}
    </Drawer>
  );
}

function TutorDrawerBody({ viewer, tutor, BookButton }: Omit<Props, 'onClose' | 'teacher'> & { tutor: TeacherCard }) {
  const [tab, setTab] = useState<Tab>('Schedule');
  const baseId = useId();
  return (
    <div className="flex min-h-full flex-col">
      <section aria-label="About the tutor" className="space-y-3 px-5 pt-4">
        <div className="flex items-center gap-4">
          <TutorAvatar image={tutor.image} size="lg" />
          <div className="min-w-0 flex-1 space-y-1">
            <TutorRating rating={tutor.rating} ratingCount={tutor.ratingCount} />
            <TutorTags tags={tutor.tags} />
          </div>
          {viewer.showsFavourite ? <FavouriteButton viewer={viewer} teacherId={tutor._id} isFavourite={tutor.isFavourite} /> : null}
        </div>
        <TutorBio bio={tutor.description} />
      </section>
      <TabList label="Tutor details" idBase={baseId} tabs={tabs} selected={tab} onSelect={setTab} className="tabs-border mt-3 border-b border-base-300 px-3" tabClassName="aria-selected:font-semibold" />
      {/* Both panels stay in the DOM (aria-controls must resolve); the Schedule panel keeps its content, so a picked slot survives a look at the reviews. */}
      <div role="tabpanel" id={panelId(baseId, 'Schedule')} aria-labelledby={tabId(baseId, 'Schedule')} hidden={tab !== 'Schedule'} className="flex-1">
        <ScheduleTab viewer={viewer} tutor={tutor} BookButton={BookButton} />
      </div>
      {/* The reviews load only once their tab opens; the panel is focusable because its content is not. */}
      <div role="tabpanel" id={panelId(baseId, 'Reviews')} aria-labelledby={tabId(baseId, 'Reviews')} hidden={tab !== 'Reviews'} tabIndex={0} className="flex-1">
        {tab === 'Reviews' ? <ReviewsTab viewer={viewer} teacherId={tutor._id} /> : null}
      </div>
    </div>
  );
}
