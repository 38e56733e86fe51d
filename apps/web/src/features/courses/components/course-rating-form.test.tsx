import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderAt } from '../../../test/render';
import { CourseRatingForm } from './course-rating-form';

const COURSE_ID = 'course-1';
const RATE = `POST /api/courses/rating/${COURSE_ID}`;
const refusal = (field: string, text: string) => () => json({ code: 'VALIDATION_FAILED', message: text, fields: { [field]: text } }, 400);

describe('CourseRatingForm', () => {
  it('sends one rating for a double click on Update rating', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch({ [RATE]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt(<CourseRatingForm courseId={COURSE_ID} myRating={{ stars: 3, review: 'Good start.' }} />);
    // Both clicks land before the pending state renders.
    const update = screen.getByRole('button', { name: 'Update rating' });
    fireEvent.click(update);
    fireEvent.click(update);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    answer(json({ stars: 3, review: 'Good start.', rating: 4, ratingCount: 2 }));
    expect(await screen.findByText('Thank you! Your rating is saved.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/courses/rating/'))).toHaveLength(1);
  });

  it('says a refused review at the review in its own words, and moves the focus there', async () => {
    mockFetch({ [RATE]: refusal('review', 'Contains characters that are not allowed') });
    renderAt(<CourseRatingForm courseId={COURSE_ID} myRating={{ stars: 3, review: 'Good start.' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update rating' }));
    const review = screen.getByLabelText('Review (optional)');
    await waitFor(() => expect(review).toHaveFocus());
    expect(review).toHaveAttribute('aria-invalid', 'true');
    expect(review).toHaveAccessibleDescription(/^Contains characters that are not allowed/);
    expect(screen.queryByText(/review:/)).not.toBeInTheDocument();
  });

  it('asks for stars before sending, at the stars, and moves the focus to the first', async () => {
    const fetchMock = mockFetch({});
    renderAt(<CourseRatingForm courseId={COURSE_ID} myRating={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save rating' }));
    expect(screen.getByRole('group', { name: 'Stars' })).toHaveAccessibleDescription('Choose from 1 to 5 stars.');
    expect(screen.getAllByRole('radio')[0]).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says refused stars at the stars and moves the focus there', async () => {
    mockFetch({ [RATE]: refusal('stars', 'Use 5 or less') });
    renderAt(<CourseRatingForm courseId={COURSE_ID} myRating={{ stars: 3, review: '' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update rating' }));
    const three = screen.getByRole('radio', { name: '3 stars' });
    await waitFor(() => expect(three).toHaveFocus());
    expect(three).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Stars' })).toHaveAccessibleDescription('Use 5 or less');
    expect(screen.queryByText(/stars:/)).not.toBeInTheDocument();
  });

  it('says a refusal of no field here as one alert for the form', async () => {
    mockFetch({ [RATE]: () => json({ code: 'FORBIDDEN', message: 'Start the course before rating it.' }, 403) });
    renderAt(<CourseRatingForm courseId={COURSE_ID} myRating={{ stars: 3, review: '' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update rating' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Start the course before rating it.');
  });
});
