/**
 * Where the server draws the avatar of a user id, or of a kid's animal (`kidAvatars`): initials on
 * a colour, never an image from the internet.
 */
export const avatarPath = (idOrAnimal: string) => `/api/assets/avatar/${encodeURIComponent(idOrAnimal)}.svg`;
