import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '@windward/service-kit';
import { COMPONENT_KINDS, type ComponentKind } from './component-type.entity.js';

/** A generator (turbine type), blade, nacelle, tower or foundation type of a wind park. */
export class ComponentTypeView {
  typeId!: string;
  @ApiProperty({ enum: COMPONENT_KINDS })
  kind!: ComponentKind;
  windFarmId!: string;
  name!: string;
  manufacturer!: string | null;
  model!: string | null;
  /** Blade types only: the blade manufacturer (same as `manufacturer`). */
  bladeManufacturer?: string | null;
  /** Blade types only: blade length in m. */
  length?: number | null;
  /** Blade types only: blade width in m. */
  width?: number | null;
  /** Tower types only: tower height in m. */
  height?: number | null;
  /** Generator types only: rated power in kW. */
  ratedPower?: number | null;
  updatedAt!: Date;
}

export class ComponentTypePage extends PageOf(ComponentTypeView) {}
