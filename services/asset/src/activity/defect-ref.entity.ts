import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Defects per inspection (from inspection.defect.*): a turbine with defects cannot be deleted. */
@Entity({ name: 'defect_ref' })
@Index('defect_ref_inspection_ix', ['inspectionId'])
export class DefectRef {
  @PrimaryColumn('text', { name: 'defect_id' })
  defectId!: string;

  @Column('text', { name: 'inspection_id' })
  inspectionId!: string;
}
