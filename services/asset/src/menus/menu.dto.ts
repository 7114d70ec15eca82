import { ArrayMaxSize, IsArray, IsInt } from 'class-validator';

/** The menus a customer's users get (catalogue ids; parents of chosen sub-menus are added). */
export class CustomerMenusDto {
  @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) menuIds!: number[];
}
