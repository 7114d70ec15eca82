import { Column, CreateDateColumn, Entity, ForeignKey, PrimaryGeneratedColumn, UpdateDateColumn, VersionColumn } from 'typeorm';
import { Organization } from '../organizations/organization.entity.js';

/** SPEC §3 component config of a customer, per component type. */
export interface ComponentConfig {
  componentType: number;
  permission: boolean;
  reportTemplateName?: string | null;
  reportTemplateId?: string | null;
  defectTemplateData?: { isDefault: boolean; defectConfigName: string; defectConfigId: string }[];
  inspectionDataConfigId?: string | null;
}

/** SPEC §3 flow config: which optional stages run for a component type. */
export interface FlowConfig {
  componentType: number;
  features: string[];
  taskStages: number[];
}

@Entity({ name: 'customer' })
export class Customer {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('int', { name: 'customer_type_id', nullable: true })
  customerTypeId!: number | null;

  @Column('int', { name: 'max_flight_times', nullable: true })
  maxFlightTimes!: number | null;

  @Column('int', { name: 'max_turbines', nullable: true })
  maxTurbines!: number | null;

  @Column('date', { name: 'valid_date', nullable: true })
  validDate!: string | null;

  @Column('uuid', { name: 'organization_id', nullable: true })
  @ForeignKey(() => Organization, { name: 'customer_organization_id_fkey', onDelete: 'NO ACTION' })
  organizationId!: string | null;

  @Column('text', { nullable: true })
  address!: string | null;

  @Column('text', { nullable: true })
  contactor!: string | null;

  @Column('text', { nullable: true })
  post!: string | null;

  @Column('text', { nullable: true })
  phone!: string | null;

  @Column('jsonb', { name: 'component_configs', default: () => "'[]'" })
  componentConfigs!: ComponentConfig[];

  @Column('jsonb', { name: 'flow_configs', default: () => "'[]'" })
  flowConfigs!: FlowConfig[];

  @Column('jsonb', { name: 'severity_mapping', default: () => "'[]'" })
  severityMapping!: { level: number; name: string }[];

  @VersionColumn({ default: 1 })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
