/** What a handler returns for a body that is not JSON (iCalendar): its type, the text and extra headers. */
export class TextResult {
  constructor(
    readonly contentType: string,
    readonly text: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}
