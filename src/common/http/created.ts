/** What a create handler returns: the body of the 201 and the new item's URL for `Location`. */
export class Created<T = unknown> {
  constructor(
    readonly body: T,
    readonly location: string,
  ) {}
}
