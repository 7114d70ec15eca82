import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Defects per inspection (from inspection.defect.*): a turbine with defects cannot be deleted. */
@Entity({ name: 'defect_ref' })
export class DefectRef {
  @PrimaryColumn('text', { name: 'defect_id' })
  defectId!: string;

  @Column('text', { name: 'inspection_id' })
  inspectionId!: string;
}
