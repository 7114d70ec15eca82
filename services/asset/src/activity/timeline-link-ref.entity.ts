import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Defect-timeline links between an inspection and an earlier one of its turbine (from
 * inspection.timeline.linked/unlinked): an inspection on either side of a link does not move.
 */
@Entity({ name: 'timeline_link_ref' })
@Index('timeline_link_ref_previous_ix', ['previousInspectionId'])
export class TimelineLinkRef {
  @PrimaryColumn('text', { name: 'inspection_id' })
  inspectionId!: string;

  @PrimaryColumn('text', { name: 'previous_inspection_id' })
  previousInspectionId!: string;

  @Column('uuid', { name: 'turbine_id' })
  turbineId!: string;
}
