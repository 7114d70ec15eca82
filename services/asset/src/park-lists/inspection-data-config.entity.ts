import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/** Inspection data configs (seeded by migration: one per component, the LPS one supplies the LPS id). */
@Entity({ name: 'inspection_data_config' })
@Unique('inspection_data_config_name_key', ['name'])
@Unique('inspection_data_config_component_type_key', ['componentType'])
export class InspectionDataConfig {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  name!: string;

  /** Part-2 coding. */
  @Column('int', { name: 'component_type' })
  componentType!: number;

  @Column('int')
  sort!: number;
}
