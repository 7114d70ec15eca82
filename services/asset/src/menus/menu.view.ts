/** One entry of the menu catalogue (libs/contracts MENU_TREE), named in the request's locale. */
export class MenuView {
  id!: number;
  /** The menu right (contracts Rights). */
  key!: string;
  name!: string;
  parentId!: number | null;
  sort!: number;
}
