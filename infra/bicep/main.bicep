// Pointwise on Azure: one Linux App Service running `npm start` (REST API, /ws, the bot at
// /api/messages and the built tab), PostgreSQL Flexible Server, Key Vault for the secrets, an
// Azure Bot with the Teams channel, and one user-assigned managed identity that is both the
// bot's identity and the Web App's identity for Key Vault references.
//
// Deployed by the Microsoft 365 Agents Toolkit (`arm/deploy` in teamsapp.yml) with
// main.parameters.json, whose ${{VAR}} placeholders the toolkit fills from env/.env.<env>(.user).
// Outputs in UPPER_SNAKE_CASE are written back to env/.env.<env> by the toolkit.

targetScope = 'resourceGroup'

@description('Prefix of every resource name: letters, digits and hyphens, e.g. pointwise-dev-a1b2c3.')
@minLength(3)
@maxLength(30)
param resourceBaseName string

@description('Azure region of the regional resources (the Azure Bot is global).')
param location string = resourceGroup().location

@description('App Service plan SKU (Linux). B1 is the smallest with Always On; P0v3 or larger for production.')
param webAppSku string = 'B1'

@description('Display name of the Azure Bot resource.')
param botDisplayName string = 'Pointwise'

@description('Azure Bot SKU: F0 (free, standard channels) or S1.')
@allowed([
  'F0'
  'S1'
])
param botServiceSku string = 'F0'

@description('PostgreSQL major version.')
@allowed([
  '15'
  '16'
])
param postgresVersion string = '16'

@description('PostgreSQL compute SKU, e.g. Standard_B1ms (Burstable) or Standard_D2ds_v5 (GeneralPurpose).')
param postgresSkuName string = 'Standard_B1ms'

@description('Tier that matches postgresSkuName.')
@allowed([
  'Burstable'
  'GeneralPurpose'
  'MemoryOptimized'
])
param postgresSkuTier string = 'Burstable'

@description('PostgreSQL storage in GiB.')
param postgresStorageSizeGB int = 32

@description('PostgreSQL administrator login (the app connects with it).')
param postgresAdminLogin string = 'pointwise'

@description('PostgreSQL administrator password; kept in Key Vault inside DATABASE_URL.')
@secure()
@minLength(12)
param postgresAdminPassword string

@description('SESSION_SECRET of the app: signs cookies and CSRF tokens (at least 32 characters).')
@secure()
@minLength(32)
param sessionSecret string

@description('INTEGRATIONS_KEY of the app: 32 random bytes, base64; encrypts saved Jira API tokens (AES-256-GCM).')
@secure()
@minLength(44)
param integrationsKey string

@description('Client id of the Entra app of Teams SSO (AAD_APP_CLIENT_ID).')
param aadAppClientId string

@description('Client secret of that Entra app, for the on-behalf-of flow (AAD_APP_CLIENT_SECRET).')
@secure()
param aadAppClientSecret string

@description('Tenant id of that Entra app (AAD_APP_TENANT_ID).')
param aadAppTenantId string

@description('Comma-separated tenant ids allowed to sign in with Teams SSO; empty: any tenant.')
param allowedTenantIds string = ''

@description('OPENAI_API_KEY of PointBot (issue #9); empty: the local engine. Kept in Key Vault when set.')
@secure()
param openAiApiKey string = ''

@description('OPENAI_BASE_URL: an OpenAI-compatible endpoint, e.g. https://<resource>.openai.azure.com/openai/v1; empty: the OpenAI API.')
param openAiBaseUrl string = ''

@description('OPENAI_MODEL: the model or Azure deployment name (structured outputs required).')
param openAiModel string = 'gpt-4o-mini'

// Built-in role "Key Vault Secrets User": read secret contents.
var keyVaultSecretsUserRoleId = '4633458b-17de-408a-b874-0445c86b69e6'
var suffix = uniqueString(resourceGroup().id, resourceBaseName)
var webAppName = resourceBaseName
var publicUrl = 'https://${webAppName}.azurewebsites.net'
var databaseName = 'pointwise'
var openAiConfigured = !empty(openAiApiKey)

// ---------------------------------------------------------------------------------------------
// Identity: the Web App's identity (Key Vault references) and the bot's identity (msaAppId)
// ---------------------------------------------------------------------------------------------
resource identity 'Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31' = {
  name: '${resourceBaseName}-identity'
  location: location
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL Flexible Server and the `pointwise` database
// ---------------------------------------------------------------------------------------------
resource postgres 'Microsoft.DBforPostgreSQL/flexibleServers@2024-08-01' = {
  name: '${resourceBaseName}-pg-${suffix}'
  location: location
  sku: {
    name: postgresSkuName
    tier: postgresSkuTier
  }
  properties: {
    version: postgresVersion
    administratorLogin: postgresAdminLogin
    administratorLoginPassword: postgresAdminPassword
    authConfig: {
      passwordAuth: 'Enabled'
      activeDirectoryAuth: 'Disabled'
    }
    storage: {
      storageSizeGB: postgresStorageSizeGB
      autoGrow: 'Enabled'
    }
    backup: {
      backupRetentionDays: 7
      geoRedundantBackup: 'Disabled'
    }
    highAvailability: {
      mode: 'Disabled'
    }
    network: {
      publicNetworkAccess: 'Enabled'
    }
  }
}

resource database 'Microsoft.DBforPostgreSQL/flexibleServers/databases@2024-08-01' = {
  parent: postgres
  name: databaseName
  properties: {
    charset: 'UTF8'
    collation: 'en_US.utf8'
  }
}

// 0.0.0.0-0.0.0.0 is Azure's rule for "allow Azure services" (the App Service's outbound IPs).
resource postgresAllowAzure 'Microsoft.DBforPostgreSQL/flexibleServers/firewallRules@2024-08-01' = {
  parent: postgres
  name: 'AllowAllAzureServicesAndResourcesWithinAzureIps'
  properties: {
    startIpAddress: '0.0.0.0'
    endIpAddress: '0.0.0.0'
  }
}

// ---------------------------------------------------------------------------------------------
// Key Vault (RBAC) with the app's secrets
// ---------------------------------------------------------------------------------------------
resource keyVault 'Microsoft.KeyVault/vaults@2023-07-01' = {
  name: 'kv-${suffix}'
  location: location
  properties: {
    tenantId: subscription().tenantId
    sku: {
      family: 'A'
      name: 'standard'
    }
    enableRbacAuthorization: true
    enableSoftDelete: true
    softDeleteRetentionInDays: 7
    publicNetworkAccess: 'Enabled'
  }
}

resource sessionSecretKv 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'session-secret'
  properties: {
    value: sessionSecret
  }
}

resource integrationsKeyKv 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'integrations-key'
  properties: {
    value: integrationsKey
  }
}

resource databaseUrlKv 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'database-url'
  properties: {
    value: 'postgresql://${postgresAdminLogin}:${uriComponent(postgresAdminPassword)}@${postgres.properties.fullyQualifiedDomainName}:5432/${database.name}?sslmode=require'
  }
}

resource aadAppClientSecretKv 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: keyVault
  name: 'aad-app-client-secret'
  properties: {
    value: aadAppClientSecret
  }
}

resource openAiApiKeyKv 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (openAiConfigured) {
  parent: keyVault
  name: 'openai-api-key'
  properties: {
    value: openAiApiKey
  }
}

resource keyVaultSecretsUser 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  scope: keyVault
  name: guid(keyVault.id, identity.id, keyVaultSecretsUserRoleId)
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', keyVaultSecretsUserRoleId)
    principalId: identity.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

// ---------------------------------------------------------------------------------------------
// App Service: Linux plan and the Web App (Node 24 LTS, `npm start`)
// ---------------------------------------------------------------------------------------------
resource plan 'Microsoft.Web/serverfarms@2023-12-01' = {
  name: '${resourceBaseName}-plan'
  location: location
  kind: 'linux'
  sku: {
    name: webAppSku
  }
  properties: {
    reserved: true
  }
}

resource webApp 'Microsoft.Web/sites@2023-12-01' = {
  name: webAppName
  location: location
  kind: 'app,linux'
  identity: {
    type: 'UserAssigned'
    userAssignedIdentities: {
      '${identity.id}': {}
    }
  }
  properties: {
    serverFarmId: plan.id
    httpsOnly: true
    // Key Vault references are resolved with the user-assigned identity.
    keyVaultReferenceIdentity: identity.id
    siteConfig: {
      linuxFxVersion: 'NODE|24-lts'
      appCommandLine: 'npm start'
      alwaysOn: true
      webSocketsEnabled: true
      http20Enabled: true
      minTlsVersion: '1.2'
      ftpsState: 'Disabled'
      healthCheckPath: '/api/health'
      appSettings: [
        // Every name of PRODUCTION_SETTINGS in api/src/config.ts (a test checks it).
        {
          name: 'NODE_ENV'
          value: 'production'
        }
        // App Service's front end adds one hop: believe only the address it appends to X-Forwarded-For.
        {
          name: 'TRUST_PROXY'
          value: '1'
        }
        {
          name: 'DATABASE_URL'
          value: '@Microsoft.KeyVault(SecretUri=${databaseUrlKv.properties.secretUri})'
        }
        {
          name: 'SESSION_SECRET'
          value: '@Microsoft.KeyVault(SecretUri=${sessionSecretKv.properties.secretUri})'
        }
        {
          name: 'INTEGRATIONS_KEY'
          value: '@Microsoft.KeyVault(SecretUri=${integrationsKeyKv.properties.secretUri})'
        }
        {
          name: 'PUBLIC_URL'
          value: publicUrl
        }
        {
          name: 'AAD_APP_CLIENT_ID'
          value: aadAppClientId
        }
        {
          name: 'AAD_APP_CLIENT_SECRET'
          value: '@Microsoft.KeyVault(SecretUri=${aadAppClientSecretKv.properties.secretUri})'
        }
        {
          name: 'AAD_APP_TENANT_ID'
          value: aadAppTenantId
        }
        {
          name: 'ALLOWED_TENANT_IDS'
          value: allowedTenantIds
        }
        {
          name: 'BOT_ID'
          value: identity.properties.clientId
        }
        {
          name: 'BOT_TENANT_ID'
          value: identity.properties.tenantId
        }
        {
          name: 'BOT_TYPE'
          value: 'UserAssignedMsi'
        }
        // PointBot (issue #9): the OpenAI-compatible engine when a key is given, else the local one.
        {
          name: 'OPENAI_API_KEY'
          value: openAiConfigured ? '@Microsoft.KeyVault(SecretUri=${openAiApiKeyKv!.properties.secretUri})' : ''
        }
        {
          name: 'OPENAI_BASE_URL'
          value: openAiBaseUrl
        }
        {
          name: 'OPENAI_MODEL'
          value: openAiModel
        }
        // Deployment: the toolkit zip-deploys the sources; App Service's build (Oryx) runs
        // `npm install` on Linux, with devDependencies because `npm start` builds first.
        {
          name: 'SCM_DO_BUILD_DURING_DEPLOYMENT'
          value: 'true'
        }
        {
          name: 'NPM_CONFIG_INCLUDE'
          value: 'dev'
        }
        // `npm start` builds before it listens: give the first start more than the default 230 s.
        {
          name: 'WEBSITES_CONTAINER_START_TIME_LIMIT'
          value: '900'
        }
      ]
    }
  }
  dependsOn: [
    // The identity must be able to read the secrets before the app resolves its references.
    keyVaultSecretsUser
  ]
}

// ---------------------------------------------------------------------------------------------
// Azure Bot (managed identity) with the Microsoft Teams channel
// ---------------------------------------------------------------------------------------------
resource bot 'Microsoft.BotService/botServices@2022-09-15' = {
  name: '${resourceBaseName}-bot'
  location: 'global'
  kind: 'azurebot'
  sku: {
    name: botServiceSku
  }
  properties: {
    displayName: botDisplayName
    endpoint: 'https://${webApp.properties.defaultHostName}/api/messages'
    msaAppType: 'UserAssignedMSI'
    msaAppId: identity.properties.clientId
    msaAppMSIResourceId: identity.id
    msaAppTenantId: identity.properties.tenantId
  }
}

resource teamsChannel 'Microsoft.BotService/botServices/channels@2022-09-15' = {
  parent: bot
  name: 'MsTeamsChannel'
  location: 'global'
  properties: {
    channelName: 'MsTeamsChannel'
  }
}

// ---------------------------------------------------------------------------------------------
// Outputs, written to env/.env.<env> by the toolkit
// ---------------------------------------------------------------------------------------------
output AZURE_APP_SERVICE_RESOURCE_ID string = webApp.id
output TAB_DOMAIN string = webApp.properties.defaultHostName
output TAB_ENDPOINT string = 'https://${webApp.properties.defaultHostName}'
output BOT_ID string = identity.properties.clientId
output BOT_TENANT_ID string = identity.properties.tenantId
output AZURE_KEY_VAULT_NAME string = keyVault.name
output POSTGRES_HOST string = postgres.properties.fullyQualifiedDomainName
