import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** An engineer's answer to a growth-based upgrade suggestion of a defect (never applied silently). */
@Entity({ name: 'growth_decision' })
@Check('growth_decision_decision_check', `decision IN ('ACCEPTED', 'DISMISSED')`)
export class GrowthDecision {
  @PrimaryColumn('uuid', { name: 'defect_id' })
  defectId!: string;

  @Column('text')
  decision!: 'ACCEPTED' | 'DISMISSED';

  @Column('smallint', { name: 'suggested_severity', nullable: true })
  suggestedSeverity!: number | null;

  @Column('smallint', { name: 'suggested_priority', nullable: true })
  suggestedPriority!: number | null;

  @Column('text', { name: 'decided_by' })
  decidedBy!: string;

  @Column('timestamptz', { name: 'decided_at', default: () => 'now()' })
  decidedAt!: Date;
}
