// Every user-facing text, in one place. Quoted exactly, typos included; the payment SDK's text
// uses neutral wording that names no provider.
export const messages = {
  // Tutor panel
  teacherLoadFailed: 'Unable to fetch teacher details',
  teacherNotAvailableOnDate: 'Sorry! Teacher not available on this date.',
  notSubscribedTitle: 'Not subscribed!',
  notSubscribedBody: "You won't be able to book a slot unless you are a subscriber (or have taken a demo).",
  notSubscribedShort: 'Not subscribed',
  subscribeNow: 'Subscribe Now',
  bookADemo: 'Book a Demo',
  slotsNotAvailable: 'Slots not available',
  bioNotAvailable: 'Bio not available',
  noReviewsAvailable: 'No reviews available',
  bookingFailed: 'Sorry! Cant book the session.',
  subscribeToBook: "You won't be able to book a slot unless you are a subscriber",
  subscribeToStartExercise: "You won't be able to start an exercise unless you are a subscriber",
  slotBooked: 'Slot Booked',
  // Chat
  chatServerError:
    'We apologize for the inconvenience, but the service is currently unavailable due to a server error. We are working to resolve the issue as soon as possible.',
  /** Not in the spec: a chat action while the browser is offline, which is no server error. */
  chatOffline: 'You are offline, so this did not reach Parley. Try again once your connection is back.',
  /** A message said to have failed (its answer never came) whose stored copy arrived later. */
  chatSentAfterAll: 'Your message was sent after all.',
  subscribeToChat: 'Please subscribe to chat with tutors.',
  sendingTooFast: 'You are sending messages too fast. Wait a few seconds and send it again.',
  /** Not in the spec: join_room past its budget (a person opening conversations faster than anyone reads them). */
  openingRoomsTooFast: 'You are opening conversations too fast. Wait a few seconds and try again.',
  /** Not in the spec: a chat file past CHAT_FILE_LIMIT, with the minutes until the next one is taken. */
  sendingFilesTooFast: (waitMin: number) => `You have sent a lot of files in a short time. Please wait ${waitMin === 1 ? 'a minute' : `${waitMin} minutes`} and send it again.`,
  buySessionToChat: 'Please buy a session to chat with tutors.',
  sessionIsBooked: 'Session is Booked',
  sessionIsRejected: 'Session is Rejected',
  sessionIsBookedLower: 'session is booked',
  chatEmptyState: 'Select a conversation or start a new chat',
  // PDF viewer and countdown
  noPdfFound: 'No PDF found',
  pdfLoadFailed: 'Failed to load PDF.',
  subscriptionExpired: 'Your subscription is expired',
  sessionsExpired: (n: number) => `Your ${n} sessions is expired`,
  // Payments and general
  paymentSdkFailed: 'Payment SDK failed to load. Are you online?',
  authLessLoginFailed: "Ooops!, Something wen't wrong.",
  apiTimeout: 'API time out !',
  errorPrefix: 'Error:',
  /** The spec's "'Error:' plus the error name" when the request never reached the server (offline, a dropped connection): the name says so in words. */
  networkError: 'Error: Parley could not be reached. Check your connection and try again.',
  /** A file could not be stored because the store (the S3 bucket) did not answer. */
  storageUnavailable: 'Files cannot be stored right now. Please try again in a few minutes.',
  demoPurchased: 'Demo sesion purchased successfully',
  moneyAdded: 'Money added successfully',
  /** Not in the spec: a captured payment that could not be applied (support sees it in the moderator area). */
  paymentNotApplied: 'We received your payment but could not apply it, and our support team has been told.',
  enterAmount: 'Please enter the amount',
  selectOrEnterAmount: 'Please select or enter an amount',
  offerNotValid: 'Offer not valid for selected amount',
  insufficientWallet: 'You have insufficient wallet balance. Please add money to buy sessions.',
  referralCodeCopied: 'Referral code copied successfully',
  referralLinkCopied: 'Referral link copied successfully',
  planActivated: 'Plan activated successfully',
  // Parley's own wording where the spec shows none
  buySessionToBook: 'Please buy a session to book a class.',
  slotUnavailable: 'This slot is not available. Please pick another one.',
  /** Not in the spec: a move onto the session's own start (the API only; the page offers other times). */
  rescheduleSameTime: 'Your session is already at that time. Pick another time to move it to.',
  /** A moderator blocked the tutor: said to the tutor booking a chat request, and to a learner whose booking raced the block. */
  blockedTutorCannotBook: 'Your account is blocked by a moderator, so you cannot take bookings until a moderator unblocks you.',
  tutorNotTakingBookings: 'This tutor is not taking bookings. Please pick another tutor.',
  /** A moderator blocked the tutor: said to the tutor sending a chat message or file (they can still read their chats). */
  blockedTutorCannotChat: 'Your account is blocked by a moderator, so you cannot send messages until a moderator unblocks you.',
  /** …and to a learner starting a chat with them or writing to them, in the words their cancelled sessions gave. */
  tutorNotChatting: 'This tutor is no longer teaching on Parley. Please pick another tutor.',
  /** Not in the spec: a chat request in a subject none of the learner's plans covers (the tutor could not book it). */
  planDoesNotCover: (subject: string) => `Your plan does not cover ${subject}. Please ask for a session in a subject your plan covers.`,
  tutorDoesNotTeach: (tutorName: string, subject: string) => `${tutorName} does not teach ${subject}. Please pick another tutor.`,
  tutorDoesNotTeachKids: (tutorName: string) => `${tutorName} does not teach kids. Please pick another tutor.`,
  /** Not in the spec: a learner whose plans cover neither subject a chat request can be in (a curriculum plan). */
  chatNoRequestSubject: 'Slot requests in chat are for English and IELTS plans.',
  chatNoSharedSubject: (tutorName: string, subjects: readonly string[]) => `${tutorName} does not teach ${subjects.join(' or ')}, so you cannot request a slot here.`,
  slotTaken: 'This slot was just booked. Please pick another one.',
  /** Not in the spec: a tutor's save of hours that another tab (or device) changed after this one read them. */
  hoursChanged: 'Your hours were changed in another window after this page loaded them. Load the saved hours, then make your change again.',
  /** Not in the spec: the time picked left the live schedule (booked by someone else, or the tutor's hours changed). */
  pickedTimeGone: 'The time you picked is no longer free. Please pick another one.',
  /** …said to the tutor booking a chat request at a time they have since been booked for. */
  slotTakenForTutor: 'You already have a session at that time, booked after this request. Reject the request, or ask the learner for another time.',
  /** The learner's (or kid's) own session, with any tutor, overlaps the time: the slot itself is free. */
  learnerBusy: 'You already have a session at that time. Pick another time.',
  /** …said to the tutor booking a chat request for that learner. */
  learnerBusyForTutor: 'The learner already has a session at that time. Ask them for another time.',
  /** The checkout took the payment but confirming it with Parley failed (offline, timed out, server error): it may well have gone through. */
  paymentNotConfirmed: 'We could not confirm your payment yet. Check your wallet and purchases before you pay again.',
  /** The checkout of an order another tab has paid meanwhile. */
  orderAlreadyPaid: 'This order is already paid.',
} as const;
