import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Inspections as asset needs them (from inspection.inspection.created/updated; moved by asset itself). */
@Entity({ name: 'inspection_ref' })
@Index('inspection_ref_turbine_ix', ['turbineId'])
/** Newest inspection per park and component (migration: inspection_date DESC). */
@Index('inspection_ref_park_ix', { synchronize: false })
export class InspectionRef {
  @PrimaryColumn('text', { name: 'inspection_id' })
  inspectionId!: string;

  @Column('uuid', { name: 'turbine_id' })
  turbineId!: string;

  @Column('uuid', { name: 'wind_park_id' })
  windParkId!: string;

  @Column('int', { name: 'package_type' })
  packageType!: number;

  /** Part-2 coding (0 LPS, 1 blade, 2 tower, 3 foundation, 4 nacelle, 5 blade internal). */
  @Column('int', { name: 'component_type' })
  componentType!: number;

  @Column('text', { name: 'inspection_data_config_id', nullable: true })
  inspectionDataConfigId!: string | null;

  @Column('timestamptz', { name: 'inspection_date' })
  inspectionDate!: Date;

  /** Inspection's active flag: the turbine page's "Latest" inspection of its component. */
  @Column('boolean', { name: 'is_active', default: false })
  isActive!: boolean;
}
