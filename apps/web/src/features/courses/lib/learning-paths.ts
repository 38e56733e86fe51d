/** My Courses, where the player leads an owner back to. */
export const MY_COURSES_PATH = '/courses/myCourses';

/** The certificates page with this certificate open in the viewer. */
export const certificatePath = (certificateId: string) => `/learner/certificates?view=${encodeURIComponent(certificateId)}`;
