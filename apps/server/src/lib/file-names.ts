/** Extensions that name the same type as the one detected ("photo.jpeg" is a JPEG as much as "photo.jpg"). */
const sameType: Record<string, readonly string[]> = { jpg: ['jpeg', 'jpe'], m4a: ['mp4'] };

/**
 * A file name that ends in the extension of the type its content was found to be, so a download
 * opens as what it is whatever the sender called it: "notes.html" of a PNG is "notes.html.png",
 * "notes" is "notes.png", and "photo.JPEG" of a JPEG stays. At most `maxLength` characters.
 */
export function nameWithExtension(name: string, extension: string, maxLength: number): string {
  const match = /\.([^.]+)$/.exec(name);
  const current = match?.[1]?.toLowerCase();
  const keepsOwn = current === extension || (current !== undefined && sameType[extension]?.includes(current));
  // A long name is cut before its extension, never through it.
  const [base, suffix] = keepsOwn ? [name.slice(0, match!.index), match![0]] : [name, `.${extension}`];
  return `${Array.from(base)
    .slice(0, Math.max(0, maxLength - suffix.length))
    .join('')}${suffix}`;
}
