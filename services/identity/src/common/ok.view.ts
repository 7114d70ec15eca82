/** The answer of a call that only acknowledges (`{}`): deletions, password changes, logout. */
export class OkView {}
